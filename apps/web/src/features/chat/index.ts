/** The chat's route; the signed-in frame's parts are in `shell.ts`. */
export const loadChatPage = () => import('./chat-page.tsx').then((m) => ({ default: m.ChatPage }));
