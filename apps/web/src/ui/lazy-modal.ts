import { useState } from 'react';

/**
 * For a modal whose code is loaded when it first opens, not with its page (`lazy`): true from the first
 * time `opened` is, so the modal mounts then and stays mounted (it closes with its transition).
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened && !wasOpened) setWasOpened(true);
  return wasOpened || opened;
}
