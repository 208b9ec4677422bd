/**
 * What the signed-in frame shows of the chat (the sidebar's thread list, New Chat). A surface of its
 * own, apart from `index.ts`, so the route table (in the first download) does not pull the chat's
 * store and queries into the sign-in page.
 */
export { ThreadList } from './thread-list.tsx';
export { useStartNewChat } from './threads.ts';
export { chatUserOf } from './turns.ts';
