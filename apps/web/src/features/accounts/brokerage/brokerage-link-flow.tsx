import { accountMessages } from '@penny/contracts';
import { AlertCircle, CheckCircle2, ExternalLink, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  type AccountUserInfo,
  quotaRefusal,
  serverErrorMessage,
  snaptradeCheckUser,
  snaptradeGenerateUser,
  snaptradeGetLoginUri,
  snaptradeStoreConnection,
} from '../../../api/index.ts';
import { Button } from '../../../ui/index.ts';
import { BrokerageLink, type BrokerageState } from './brokerage-link.ts';

export type BrokerageLinkFlowProps = {
  user: AccountUserInfo;
  onLinked: () => void;
  onCancel: () => void;
};

const api = {
  checkUser: snaptradeCheckUser,
  generateUser: snaptradeGenerateUser,
  getLoginUri: snaptradeGetLoginUri,
  storeConnection: snaptradeStoreConnection,
};

/** The brokerage link's screens over its state machine (brokerage-link.ts). */
export function BrokerageLinkFlow({ user, onLinked, onCancel }: BrokerageLinkFlowProps) {
  const [state, setState] = useState<BrokerageState>({ phase: 'idle', error: null, retry: 0 });
  const linkRef = useRef<BrokerageLink | null>(null);
  const onLinkedRef = useRef(onLinked);
  onLinkedRef.current = onLinked;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one link per mount; the user does not change while the popup is open.
  useEffect(() => {
    const link = new BrokerageLink({
      user,
      api,
      onChange: setState,
      onSuccess: () => onLinkedRef.current(),
      describe: (error) => serverErrorMessage(error, '') || undefined,
      refusal: quotaRefusal,
    });
    linkRef.current = link;
    link.start();
    return () => link.dispose();
  }, []);

  const link = linkRef.current;
  const cancelButton = (
    <Button
      variant="ghost"
      onClick={() => {
        link?.cancel();
        onCancel();
      }}
    >
      {accountMessages.cancel}
    </Button>
  );

  if (state.phase === 'error') {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="flex items-start gap-2 text-sm text-negative">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {state.error}
        </p>
        <div className="flex justify-end gap-2">
          {cancelButton}
          <Button onClick={() => link?.start()}>{accountMessages.tryAgain}</Button>
        </div>
      </div>
    );
  }

  if (state.phase === 'success') {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm">
        <CheckCircle2 aria-hidden="true" className="size-5 text-positive" />
        Brokerage connected.
      </p>
    );
  }

  const text: Record<'idle' | 'initializing' | 'connecting' | 'finalizing', string> = {
    idle: 'Preparing...',
    initializing:
      state.retry > 0 ? `Retrying (attempt ${state.retry} of 3)...` : 'Preparing a secure connection...',
    connecting: 'Finish connecting your brokerage in the window that opened.',
    finalizing: 'Finishing the connection...',
  };

  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="flex items-center gap-2 py-4 text-sm text-text-muted">
        {state.phase === 'connecting' ? (
          <ExternalLink aria-hidden="true" className="size-4" />
        ) : (
          <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        )}
        {text[state.phase]}
      </p>
      <div className="flex justify-end gap-2">
        {cancelButton}
        {state.phase === 'connecting' ? (
          <Button onClick={() => link?.finish()}>{accountMessages.finishedConnecting}</Button>
        ) : null}
      </div>
    </div>
  );
}
