export { ThreadList } from './thread-list.tsx';
export { useStartNewChat } from './threads.ts';

export const loadChatPage = () => import('./chat-page.tsx').then((m) => ({ Component: m.ChatPage }));
