import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/use-page-title';
import classes from './navigation-bar.module.css';

/** The product name, linking to the role's dashboard (or / when signed out). */
export function Logo({ to }: { to: string }) {
  return (
    <Link to={to} className={classes.logo}>
      <span className={classes.logoMark} aria-hidden="true">
        T
      </span>
      <span className={classes.logoText}>{PRODUCT_NAME}</span>
    </Link>
  );
}
