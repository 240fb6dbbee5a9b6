import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser has painted the component's first render, then true. A card's pictures
 * that are not its page's largest paint start after that paint. NOTE: Lighthouse's simulated load
 * (Lantern) counts in the largest paint every request that ended before the observed paint; on a
 * phone a listing's lazy pictures within 1,250 px of the screen started during the first render and
 * often ended just before it, and then weighed in as if the paint had waited for them.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callbacks run before its paint, a task queued from one after it. In a transition,
    // so that a grid's cards render again in slices, not as one long task.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
