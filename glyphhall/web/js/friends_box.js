// @ts-check
// The lobby's friends box: which friends are online (signed-in visitors only). A separate
// piece of the lobby page, added by people (friends_page.js draws it).
import { whoAmI } from "./account.js";
import { friendsOnline } from "./friends_page.js";

const me = await whoAmI();
const lobby = document.querySelector("main.lobby");
if (me.user && lobby) lobby.append(friendsOnline());
