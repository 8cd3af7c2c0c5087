/**
 * Renders a modal only once it has been opened (and keeps it afterwards, so closing still returns
 * focus): the page then carries no closed dialogs whose titles would match other labels.
 */
import { type ReactNode, useEffect, useState } from "react";

export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  return open || opened ? children : null;
}
