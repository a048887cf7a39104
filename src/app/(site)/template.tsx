/** Re-mounts on every navigation, so the CSS entry animation plays once per page. */
export default function SiteTemplate({ children }: { children: React.ReactNode }) {
  return <div className="page-enter">{children}</div>;
}
