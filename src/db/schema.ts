// The full schema object Drizzle needs for relational queries; each domain lives in schema/.
import * as catalog from "./schema/catalog";
import * as contact from "./schema/contact";
import * as content from "./schema/content";
import * as events from "./schema/events";
import * as newsletter from "./schema/newsletter";
import * as training from "./schema/training";

export const schema = { ...catalog, ...contact, ...content, ...events, ...newsletter, ...training };
