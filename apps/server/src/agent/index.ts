export {
  type AgentService,
  type AgentServices,
  type AgentUser,
  createAgentService,
} from './agent-service.ts';
