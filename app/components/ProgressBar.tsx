import { useNavigation } from "react-router";

/** A thin bar at the top of the page while a navigation loads. */
export function ProgressBar() {
  const busy = useNavigation().state !== "idle";
  return <div className="progress-bar" data-busy={busy || undefined} aria-hidden="true" />;
}
