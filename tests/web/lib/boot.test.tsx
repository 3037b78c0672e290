import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { finishBoot } from '@/shared/lib/boot';
// the very function the build applies to the drawn sign-in form (scripts/prerender.mjs)
import { bootMarkup, bootPage } from '@/app/boot-page';

/** React's side of the swap: a controlled field, as on the sign-in page. */
function LiveForm() {
  const [login, setLogin] = useState('');
  return (
    <form>
      <label htmlFor="live-login">Identifiant</label>
      <input id="live-login" name="login" value={login} onChange={(event) => setLogin(event.target.value)} />
      <label htmlFor="live-password">Mot de passe</label>
      <input id="live-password" name="password" type="password" defaultValue="" />
      <output>{login ? `saisi : ${login}` : 'vide'}</output>
    </form>
  );
}

function drawBoot() {
  const boot = document.createElement('div');
  boot.id = 'boot';
  boot.innerHTML = bootMarkup(
    '<form><label for="d1">Identifiant</label><input type="text" id="d1" name="login" value=""/>' +
      '<label for="d2">Mot de passe</label><input type="password" id="d2" name="password" value=""/>' +
      '<button class="w-full" type="submit">Se connecter</button></form>',
  );
  document.body.prepend(boot);
  return boot;
}

afterEach(() => {
  document.getElementById('boot')?.remove();
});

describe('the drawn sign-in form (dist/connexion.html)', () => {
  it('cannot send anything before React: no field names, labels for React fields only, button disabled', () => {
    const boot = drawBoot();
    expect(boot.querySelector('input[name]')).toBeNull();
    expect(boot.querySelector('label[for]')).toBeNull();
    expect(boot.querySelector('button')).toBeDisabled();
    expect([...boot.querySelectorAll('input')].map((input) => input.dataset.field)).toEqual([
      'login',
      'password',
    ]);
  });

  it('puts the drawing in #boot and hides #root until the swap', () => {
    const html = bootPage('<body><div id="root"></div></body>', '<main>Connexion</main>');
    expect(html).toBe('<body><div id="boot"><main>Connexion</main></div><div id="root" hidden></div></body>');
    expect(() => bootPage('<body></body>', '<main/>')).toThrow(/root/);
    // a drawn page: its title, and the answers it was drawn with, which no text can break out of
    const drawn = bootPage(
      '<title>Ekklesia Gestion</title><body><div id="root"></div></body>',
      '<main>Mes contributions</main>',
      'Mes contributions',
      { '/api/me': { lastname: '</script><script>alert(1)</script>' } },
    );
    expect(drawn).toContain('<title>Mes contributions - ');
    expect(drawn).not.toContain('</script><script>');
    const embed = /<script type="application\/json" id="boot-answers">(.*?)<\/script>/.exec(drawn);
    expect(JSON.parse(embed![1])).toEqual({ '/api/me': { lastname: '</script><script>alert(1)</script>' } });
  });

  it("drops index.html's early requests from a page drawn with its answers: nothing is asked twice", () => {
    const index = [
      '<head><meta charset="UTF-8" />',
      '<link rel="preload" href="/api/me" as="fetch" crossorigin="use-credentials" />',
      '<script type="application/json" id="first-requests" data-signed-in>{"always":["/api/x"]}</script>',
      '<script type="module" async crossorigin src="/assets/first-requests-abc.js" data-signed-in></script>',
      '<link rel="modulepreload" crossorigin href="/assets/shell-abc.js" data-signed-in>',
      '</head><body><div id="root"></div></body>',
    ].join('\n');
    const drawn = bootPage(index, '<main>Mes contributions</main>', 'Mes contributions', { '/api/me': {} });
    expect(drawn).not.toContain('/api/me" as="fetch"');
    expect(drawn).not.toContain('first-requests');
    // the page's code is still asked for early
    expect(drawn).toContain('/assets/shell-abc.js');
    // a drawing without answers (/connexion, built once for every visitor) keeps them
    expect(bootPage(index, '<main>Connexion</main>')).toContain('first-requests');
  });

  it('gives way to React, carrying what was typed and the field in use', async () => {
    const user = userEvent.setup();
    const boot = drawBoot();
    const root = document.createElement('div');
    root.id = 'root';
    root.hidden = true;
    document.body.append(root);
    const drawnLogin = boot.querySelector<HTMLInputElement>('input[data-field="login"]')!;
    await user.type(drawnLogin, 'fidele@example.org');
    const drawnPassword = boot.querySelector<HTMLInputElement>('input[data-field="password"]')!;
    await user.type(drawnPassword, 'demo');

    render(<LiveForm />, { container: root });
    act(() => finishBoot());

    expect(document.getElementById('boot')).toBeNull();
    expect(root.hidden).toBe(false);
    expect(screen.getByLabelText('Identifiant')).toHaveValue('fidele@example.org');
    // React's state saw it too (the field is controlled)
    expect(screen.getByText('saisi : fidele@example.org')).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toHaveValue('demo');
    expect(screen.getByLabelText('Mot de passe')).toHaveFocus();
    root.remove();
  });

  it('keeps in use the link the user reached in the drawing', () => {
    const boot = document.createElement('div');
    boot.id = 'boot';
    boot.innerHTML =
      '<nav><a href="/dashboard">Tableau de bord</a><a href="/mes-requetes">Mes requêtes</a></nav>';
    document.body.prepend(boot);
    const root = document.createElement('div');
    root.id = 'root';
    root.hidden = true;
    root.innerHTML =
      '<nav><a href="/dashboard">Tableau de bord</a><a href="/mes-requetes">Mes requêtes</a></nav>';
    document.body.append(root);
    boot.querySelector<HTMLAnchorElement>('a[href="/mes-requetes"]')!.focus();

    finishBoot();

    expect(document.activeElement).toBe(root.querySelector('a[href="/mes-requetes"]'));
    root.remove();
  });

  it('does nothing on a page that was not drawn', () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    expect(() => finishBoot()).not.toThrow();
    expect(root.hidden).toBe(false);
    root.remove();
  });
});
