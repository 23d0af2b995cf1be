import { useRoute } from "./router";
import { Adjudicate } from "./pages/Adjudicate";
import { Fairness } from "./pages/Fairness";
import { Game } from "./pages/Game";
import { Home } from "./pages/Home";
import { Join } from "./pages/Join";
import { Start } from "./pages/Start";

export function App() {
  const { parts, params } = useRoute();
  const [page, ...args] = parts;
  const content = (() => {
    switch (page) {
      case "start":
        return <Start preset={args[0]} />;
      case "join":
        return <Join gameId={args[0]} code={args[1]} />;
      case "game":
        // ?screen=generic plays a game on the generic screen even when it has its own.
        return <Game key={args[0]} gameId={args[0]} screen={params.get("screen")} />;
      case "adjudicate":
        return <Adjudicate />;
      case "fairness":
        return <Fairness gameId={args[0]} />;
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
