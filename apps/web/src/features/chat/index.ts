export const loadChatPage = () => import('./chat-page.tsx').then((m) => ({ Component: m.ChatPage }));
