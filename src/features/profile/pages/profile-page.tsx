import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile, UserSession } from '@contract/profile';
import { logout } from '@/shared/auth/session';
import { usePageTitle } from '@/shared/level/page-title';
import { errorMessage } from '@/shared/lib/errors';
import { formatDateTime, formatPhone } from '@/shared/lib/format';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { FormError } from '@/shared/ui/form-error';
import { Spinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import {
  useChangePassword,
  useEndOtherSessions,
  useEndSession,
  useProfile,
  useSessions,
  useUpdateContact,
} from '../api/profile';
import {
  contactFormSchema,
  deviceLabel,
  passwordFormSchema,
  type ContactFormInput,
  type PasswordFormValues,
} from '../lib/forms';

/**
 * /mon-profil: the user's own record with their roles and entities, their phone and email, a new
 * password (the current one required) and their active sessions.
 */
export function ProfilePage() {
  usePageTitle('Mon profil', { back: '/dashboard' });
  const profile = useProfile();
  if (profile.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  if (profile.isError) return <FormError message={errorMessage(profile.error)} />;
  return (
    <div className="mx-auto grid max-w-4xl gap-4 lg:grid-cols-2">
      <Record profile={profile.data} />
      <ContactForm profile={profile.data} />
      <PasswordForm />
      <Sessions />
    </div>
  );
}

function Record({ profile }: { profile: Profile }) {
  const rows: Array<[string, string]> = [
    ['Nom', `${profile.firstname} ${profile.lastname}`],
    ['Matricule', profile.registration_number ?? 'Non renseigné'],
    ['Téléphone', profile.phone ? formatPhone(profile.phone) : 'Non renseigné'],
    ['Email', profile.email ?? 'Non renseigné'],
    ['Église', profile.church ?? 'Non renseignée'],
  ];
  return (
    <Card title="Mes informations">
      <dl className="space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-all font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <h4 className="mt-4 text-sm font-semibold text-slate-900">Rôles</h4>
      {profile.roles.length === 0 ? (
        <p className="text-sm text-slate-600">Aucun rôle.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {profile.roles.map((role, index) => (
            <li key={index} className="break-words text-slate-800">
              {role.name}
              {role.entity && <span className="text-slate-600"> — {role.entity}</span>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ContactForm({ profile }: { profile: Profile }) {
  const update = useUpdateContact();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ContactFormInput, unknown, { phone: string | null; email: string | null }>({
    resolver: zodResolver(contactFormSchema) as never,
    defaultValues: { phone: profile.phone ?? '', email: profile.email ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await update.mutateAsync(values);
      notify.success(answer.message);
      form.reset({ phone: answer.data.phone ?? '', email: answer.data.email ?? '' });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <Card title="Mes coordonnées">
      <form noValidate aria-label="Mes coordonnées" onSubmit={submit} className="space-y-3">
        {failure && <FormError message={failure} />}
        <TextField
          label="Téléphone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" loading={isSubmitting}>
          Enregistrer
        </Button>
      </form>
    </Card>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { current_password: '', new_password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await change.mutateAsync({
        current_password: values.current_password,
        new_password: values.new_password,
      });
      notify.success(answer.message);
      form.reset();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <Card title="Changer mon mot de passe">
      <form noValidate aria-label="Changer mon mot de passe" onSubmit={submit} className="space-y-3">
        {failure && <FormError message={failure} />}
        <TextField
          label="Mot de passe actuel"
          type="password"
          required
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
        <TextField
          label="Nouveau mot de passe"
          type="password"
          required
          autoComplete="new-password"
          hint="Au moins 10 caractères."
          error={errors.new_password?.message}
          {...form.register('new_password')}
        />
        <TextField
          label="Confirmer le nouveau mot de passe"
          type="password"
          required
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...form.register('confirm')}
        />
        <Button type="submit" loading={isSubmitting}>
          Changer le mot de passe
        </Button>
      </form>
    </Card>
  );
}

function Sessions() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const navigate = useNavigate();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const onEnd = (session: UserSession) =>
    endOne.mutate(session.id, {
      onSuccess: async (answer) => {
        if (answer.current) {
          await logout();
          navigate('/connexion', { replace: true });
        } else notify.success('Session déconnectée.');
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  const onEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: (answer) =>
        notify.success(
          answer.ended > 1 ? `${answer.ended} sessions déconnectées.` : 'Autres sessions déconnectées.',
        ),
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <Card
      title="Mes sessions actives"
      className="lg:col-span-2"
      actions={
        <Button
          variant="secondary"
          size="sm"
          onClick={onEndOthers}
          loading={endOthers.isPending}
          disabled={others === 0}
        >
          Déconnecter les autres sessions
        </Button>
      }
    >
      {sessions.isError && <FormError message={errorMessage(sessions.error)} />}
      {sessions.isPending ? (
        <Spinner />
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Sessions">
          {sessions.data?.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="break-words text-sm font-medium text-slate-900">
                  {deviceLabel(session.user_agent)}
                  {session.current && (
                    <span className="ml-2 text-xs font-normal text-emerald-700">(cette session)</span>
                  )}
                </p>
                <p className="text-xs text-slate-600">
                  Dernière activité : {formatDateTime(session.last_seen_at)}
                  {session.ip ? ` · ${session.ip}` : ''}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Déconnecter ${deviceLabel(session.user_agent)}${session.current ? ' (cette session)' : ''}`}
                onClick={() => onEnd(session)}
              >
                Déconnecter
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
