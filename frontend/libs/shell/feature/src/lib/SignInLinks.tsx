import { Link, useLocation } from 'react-router';
import { returnState } from '@slotwise/shared-data-access';
import { buttonClass } from '@slotwise/shared-ui';

/** Login and Register for a visitor, in the bar and in the phone menu; both come back to this page. */
export function SignInLinks() {
  const back = returnState(useLocation());
  return (
    <>
      <Link to="/login" state={back} className={buttonClass('secondary')}>
        Login
      </Link>
      <Link to="/register" state={back} className={buttonClass('primary')}>
        Register
      </Link>
    </>
  );
}
