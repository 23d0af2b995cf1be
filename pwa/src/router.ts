// Hash routes, so the app works from any static host and offline: #/start, #/join/ID/CODE, ...
import { useEffect, useState } from "preact/hooks";

export function useRoute(): string[] {
  const read = () => location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const onChange = () => setRoute(read());
    addEventListener("hashchange", onChange);
    return () => removeEventListener("hashchange", onChange);
  }, []);
  return route;
}

export function go(...parts: string[]): void {
  location.hash = "#/" + parts.map(encodeURIComponent).join("/");
}
