import { AccountScreen } from './account-screen';
import { RegisterForm } from './register-form';

export function Component() {
  return (
    <AccountScreen screen="request-access">
      <RegisterForm />
    </AccountScreen>
  );
}
