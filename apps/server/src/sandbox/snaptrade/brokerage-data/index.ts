export { generateBrokerageData } from './simulate.ts';
export type {
  ActivityType,
  BrokerageSeed,
  GeneratedAccount,
  GeneratedActivity,
  GeneratedPosition,
} from './types.ts';
