import { NavLink } from "react-router";
import { PRIMARY_NAV } from "../../content/navigation";

export interface PrimaryNavListProps {
  /** The landmark's name: the header's and the drawer's navs are told apart by it. */
  label: string;
  navClassName: string;
  listClassName: string;
  linkClassName: string;
}

/** The site's main links as a nav landmark; the home link is current only on the home page itself. */
export function PrimaryNavList({ label, navClassName, listClassName, linkClassName }: PrimaryNavListProps) {
  return (
    <nav aria-label={label} className={navClassName}>
      <ul className={listClassName}>
        {PRIMARY_NAV.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.to === "/"} className={linkClassName}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
