import { Link } from 'react-router';
import { paths } from '~/client/lib/paths';
import { AccountScreen } from './account-screen';
import { RegisterForm } from './register-form';

export function Component() {
  return (
    <AccountScreen
      title="Join The Vault"
      subtitle="Create your account to get started."
      footer={
        <>
          Already a member?{' '}
          <Link
            to={paths.login()}
            className="inline-flex min-h-11 items-center px-1 font-semibold text-primary hover:text-text"
          >
            Sign In
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AccountScreen>
  );
}
