/** `npm run build`: the production build that `npm start` serves (scripts/lib/build-site.ts). */
import { buildSite } from "./lib/build-site";

buildSite(process.cwd());
