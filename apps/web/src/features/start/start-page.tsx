import { Bookmark, Landmark, MessageSquarePlus } from 'lucide-react';
import { useMemo } from 'react';
import { useSession } from '../../session/index.ts';
import { Button, Card } from '../../ui/index.ts';
import { chatUserOf, useStartNewChat } from '../chat/shell.ts';
import { HomeFigures } from './home-figures.tsx';

const steps = [
  {
    icon: MessageSquarePlus,
    title: 'Start a conversation',
    text: 'Ask about your spending, saving, investments or net worth in your own words.',
  },
  {
    icon: Landmark,
    title: 'Link your accounts',
    text: 'Connect banks, brokerages and crypto wallets so answers use your real numbers.',
  },
  {
    icon: Bookmark,
    title: 'Save and review',
    text: 'Keep the charts and tables you find useful in Resources and start new chats from them.',
  },
] as const;

/**
 * The empty start screen (docs/product/identity.md, "Empty start screen"): greeting, description, the three
 * steps and 'Start a New Chat'; once accounts are linked, the user's figures and suggested questions too
 * (docs/api.md, "Home summary"). Behind Settings (`backdrop`) it stays the plain screen.
 */
export function StartPage({ backdrop = false }: { backdrop?: boolean } = {}) {
  const { user } = useSession();
  const firstName = user?.firstName?.trim() || 'User';
  const startNewChat = useStartNewChat();
  const chatUser = useMemo(() => (user ? chatUserOf(user) : null), [user]);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-10 sm:px-8 lg:py-16">
      {backdrop ? null : <title>Penny</title>}
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-text">Hello, {firstName}!</h1>
        <p className="text-base text-text-muted">
          Penny is your personal-finance assistant. Ask questions about your money in plain language and get
          answers with charts and tables built from your linked accounts.
        </p>
      </div>
      {chatUser && !backdrop ? (
        <HomeFigures user={chatUser} onAsk={(question) => startNewChat(question)} />
      ) : null}
      <ol className="grid gap-4 sm:grid-cols-3">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={title}>
            <Card className="flex h-full flex-col gap-3">
              <span className="flex items-center gap-2 text-sm font-medium text-text-muted">
                <Icon aria-hidden="true" className="size-4 text-accent" strokeWidth={1.75} />
                <span className="amount">Step {index + 1}</span>
              </span>
              <h2 className="text-base font-semibold text-text">{title}</h2>
              <p className="text-sm text-text-muted">{text}</p>
            </Card>
          </li>
        ))}
      </ol>
      <div>
        <Button size="lg" onClick={() => startNewChat()}>
          <MessageSquarePlus aria-hidden="true" />
          Start a New Chat
        </Button>
      </div>
    </div>
  );
}
