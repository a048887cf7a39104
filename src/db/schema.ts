// The full schema object Drizzle needs for relational queries; each domain lives in schema/.
import * as auth from "./schema/auth";
import * as cart from "./schema/cart";
import * as catalog from "./schema/catalog";
import * as contact from "./schema/contact";
import * as content from "./schema/content";
import * as donations from "./schema/donations";
import * as email from "./schema/email";
import * as events from "./schema/events";
import * as images from "./schema/images";
import * as imports from "./schema/imports";
import * as members from "./schema/members";
import * as memberships from "./schema/memberships";
import * as newsletter from "./schema/newsletter";
import * as orders from "./schema/orders";
import * as pricing from "./schema/pricing";
import * as settings from "./schema/settings";
import * as staff from "./schema/staff";
import * as training from "./schema/training";
import * as verifications from "./schema/verifications";

export const schema = { ...auth, ...cart, ...catalog, ...contact, ...content, ...donations, ...email, ...events, ...images, ...imports, ...members, ...memberships, ...newsletter, ...orders, ...pricing, ...settings, ...staff, ...training, ...verifications };
