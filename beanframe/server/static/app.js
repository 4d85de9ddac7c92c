// The page at "/": an invitation link (#room=ID&token=T) opens that seat's table; without one,
// the form that creates a game. The token stays after "#": browsers never send it anywhere.

import { chosen, load } from "./i18n.js";
import { openLobby } from "./lobby.js";
import { openTable } from "./table.js";

const root = document.getElementById("app");
const base = new URL(".", location.href.split("#")[0]).href;
const invitation = new URLSearchParams(location.hash.slice(1));

// opening another link in this tab starts afresh (a new seat is a new page)
window.addEventListener("hashchange", () => location.reload());

await load(base, chosen());  // the page's words in the reader's language first
if (invitation.get("room")) {
  openTable(root, base, invitation.get("room"), invitation.get("token"));
} else {
  openLobby(root, base);
}
