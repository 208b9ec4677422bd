export {
  createResourceService,
  type ResourcePage,
  type ResourceService,
  type StoreResourceInput,
} from './resources.ts';
export {
  type BeginTurnInput,
  type BegunTurn,
  type ChatService,
  createChatService,
  type FinishTurnInput,
  type HistoryTurn,
  interruptedMessage,
  newChatId,
  type ThreadDsl,
  type ThreadPage,
  threadFullMessage,
  titleFromDsl,
} from './threads.ts';
