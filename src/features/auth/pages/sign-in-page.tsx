import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/shared/ui/button';
import { errorMessage } from '@/shared/lib/errors';
import { TextField } from '@/shared/ui/text-field';
import { APP_TITLE } from '@/shared/config';
import { useAccount } from '@/shared/auth/account-store';
import { homePathOf } from '@/shared/auth/roles';
import { login } from '@/shared/auth/session';
import { usePageTitle } from '@/shared/level/page-title';
import { safeRedirect } from '../lib/redirect';
import { FormError } from '@/shared/ui/form-error';
import { useFinishBoot } from '@/shared/lib/boot';

// The first screen most users load, so it carries no form library (decision 0001): two fields checked
// with the French messages of contract/auth.ts (loginBodySchema, which the server applies too).
type SignInValues = { login: string; password: string };
type SignInErrors = Partial<Record<keyof SignInValues, string>>;

function validate(values: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  if (values.login.trim().length === 0) errors.login = "L'identifiant est requis.";
  if (values.password.length === 0) errors.password = 'Le mot de passe est requis.';
  return errors;
}

export function SignInPage() {
  usePageTitle('Connexion');
  const account = useAccount();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get('redirect'));
  const [serverError, setServerError] = useState<string | null>(null);
  const [values, setValues] = useState<SignInValues>({ login: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  // After a first attempt, the messages follow the typing (as react-hook-form's reValidateMode does).
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const loginRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The form drawn in HTML (dist/connexion.html) gives way to this one in the same frame, with what
  // the user already typed in it.
  useFinishBoot(true);

  // Already signed in (e.g. the back button after sign-in): straight to the asked page or home.
  if (account && !isSubmitting) return <Navigate to={redirect ?? homePathOf(account)} replace />;

  const change = (field: keyof SignInValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (found.login || found.password) {
      (found.login ? loginRef : passwordRef).current?.focus();
      return;
    }
    setServerError(null);
    setSubmitting(true);
    try {
      const signedIn = await login({ login: values.login.trim(), password: values.password });
      navigate(redirect ?? homePathOf(signedIn), { replace: true });
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <img src="/logo.svg" alt="" width={56} height={56} />
          <p className="text-lg font-semibold text-brand-800">{APP_TITLE}</p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-xl font-semibold text-slate-900">Connexion</h1>
          <p className="mt-1 text-sm text-slate-600">Connectez-vous pour accéder à votre espace.</p>

          {serverError && <FormError message={serverError} className="mt-4" />}

          <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-5 space-y-4">
            <TextField
              label="Identifiant"
              hint="Email, téléphone ou matricule"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              ref={loginRef}
              name="login"
              value={values.login}
              onChange={change('login')}
              error={errors.login}
            />
            <TextField
              label="Mot de passe"
              type="password"
              autoComplete="current-password"
              required
              ref={passwordRef}
              name="password"
              value={values.password}
              onChange={change('password')}
              error={errors.password}
            />
            <Button type="submit" loading={isSubmitting} className="w-full justify-center">
              Se connecter
            </Button>
          </form>
        </div>
      </div>
    </main>
  );
}

export default SignInPage;
