/**
 * A request's address as the log keeps it. Some addresses carry a credential: an e-mailed link's token
 * (`/reset-password?token=…`, `/newsletter/confirm?token=…`, `/profile/claim-orders?token=…`), a guest
 * order's access key, an OAuth callback's code and state, a member's private calendar feed
 * (`/calendar/feeds/member/<token>.ics`). Logs are kept and read by more people than the database, so
 * such values are replaced (src/lib/log.ts: never log a token or a link that carries one).
 */
const SECRET_PARAMETER = /token|access|code|state|secret|key|sig|password|otp/i;
const SECRET_PATH = /^(\/calendar\/feeds\/member\/)[^/?#]+/;
const HIDDEN = "[hidden]";

export function loggableUrl(url: string | undefined): string {
  if (!url) return "";
  const queryAt = url.indexOf("?");
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH, `$1${HIDDEN}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_PARAMETER.test(safeDecode(name)) ? `${name}=${HIDDEN}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
