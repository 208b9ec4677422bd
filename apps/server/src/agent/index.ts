export {
  type AgentService,
  type AgentServices,
  type AgentUser,
  createAgentService,
} from './agent-service.ts';
export { startTurnSweep, TURN_SWEEP, type TurnSweep, turnTimeLimitMs } from './turn-sweep.ts';
