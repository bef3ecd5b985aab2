import { Link } from 'react-router';
import { paths } from '~/client/lib/paths';
import { AccountScreen } from './account-screen';
import { LoginForm } from './login-form';

export function Component() {
  return (
    <AccountScreen
      title="Welcome Back"
      subtitle="Sign in to your members' account."
      footer={
        <>
          Not a member yet?{' '}
          <Link
            to={paths.requestAccess()}
            className="inline-flex min-h-11 items-center px-1 font-semibold text-primary hover:text-text"
          >
            Request Access
          </Link>
        </>
      }
    >
      <LoginForm />
    </AccountScreen>
  );
}
