import { useCallback, useState } from 'react';
import { toast } from '../../ui/index.ts';

/** Local key of the sidebar flag ('true' / 'false'); expanded when nothing is stored. */
export const SIDEBAR_EXPANDED_STORAGE_KEY = 'penny.sidebarExpanded';

export function readSidebarExpanded(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_EXPANDED_STORAGE_KEY) !== 'false';
  } catch {
    return true;
  }
}

/** The desktop sidebar's expanded flag, kept locally. */
export function useSidebarExpanded(): [expanded: boolean, setExpanded: (expanded: boolean) => void] {
  const [expanded, setState] = useState(readSidebarExpanded);
  const setExpanded = useCallback((next: boolean) => {
    setState(next);
    try {
      window.localStorage.setItem(SIDEBAR_EXPANDED_STORAGE_KEY, String(next));
    } catch {
      toast.error('Storage Error', { description: 'Could not save sidebar preference.' });
    }
  }, []);
  return [expanded, setExpanded];
}
