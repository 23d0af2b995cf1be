import { useRoute } from "./router";
import { lazy } from "./lazy";
import { Home } from "./pages/Home";

const Start = lazy(() => import("./pages/Start").then((m) => m.Start));
const Join = lazy(() => import("./pages/Join").then((m) => m.Join));
const Game = lazy(() => import("./pages/Game").then((m) => m.Game));
const Adjudicate = lazy(() => import("./pages/Adjudicate").then((m) => m.Adjudicate));
const Fairness = lazy(() => import("./pages/Fairness").then((m) => m.Fairness));
const TableDisplay = lazy(() => import("./pages/TableDisplay").then((m) => m.TableDisplay));

export function App() {
  const { parts, params } = useRoute();
  const [page, ...args] = parts;
  const content = (() => {
    switch (page) {
      case "start":
        return <Start preset={args[0]} again={params.get("again")} />;
      case "join":
        return <Join gameId={args[0]} code={args[1]} seat={params.get("seat")} />;
      case "game":
        // ?screen=generic plays a game on the generic screen even when it has its own.
        return <Game key={args[0]} gameId={args[0]} screen={params.get("screen")} />;
      case "adjudicate":
        return <Adjudicate />;
      case "fairness":
        return <Fairness gameId={args[0]} />;
      case "table":
        return <TableDisplay key={args[0]} gameId={args[0]} />;
      default:
        return <Home />;
    }
  })();
  return (
    <>
      <a class="skip" href="#content">
        Skip to content
      </a>
      <div class="topbar">
        <a href="#/" class="brand">
          ♞ Table referee
        </a>
      </div>
      <div id="content">{content}</div>
    </>
  );
}
