/** The dev story pages (/_stories): whether they are served (server configuration). */
export { storiesEnabled } from "../../config/stories.ts";
