/** One labelled state in a story: a caption (h2) and the component as it is in that state. */
import { type ReactNode, useEffect, useRef } from "react";

export function Frame({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className={`story-frame${wide ? " story-frame--wide" : ""}`} aria-label={title}>
      <h2 className="story-frame__title">{title}</h2>
      <div className="story-frame__body">{children}</div>
    </section>
  );
}

/**
 * Submits the first form inside once mounted, so a form shows the errors its own checks give (the
 * error state of a step is reached the way a shopper reaches it, not drawn by hand).
 */
export function SubmittedOnMount({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector("form")?.requestSubmit();
  }, []);
  return <div ref={ref}>{children}</div>;
}
