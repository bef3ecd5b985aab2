import { AccountScreen } from './account-screen';
import { LoginForm } from './login-form';

export function Component() {
  return (
    <AccountScreen screen="login">
      <LoginForm />
    </AccountScreen>
  );
}
