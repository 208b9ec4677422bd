export {
  createResourceService,
  type ResourcePage,
  type ResourceService,
  type StoreResourceInput,
} from './resources.ts';
export {
  type BeginTurnInput,
  type BegunTurn,
  type FinishTurnInput,
  type HistoryTurn,
  interruptedMessage,
  newChatId,
  type ThreadDsl,
  type ThreadPage,
  threadFullMessage,
  titleFromDsl,
} from './thread-model.ts';
export { type ChatService, createChatService } from './threads.ts';
