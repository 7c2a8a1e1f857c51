import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { SERVICE_MESSAGES, type ServiceAccountRow } from '@plantride/schemas';
import { ServiceAccountsPage } from './service-accounts-page';

vi.mock('react-router', () => ({ useNavigate: () => vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const MES: ServiceAccountRow = {
  accountId: 'sa-mes',
  name: 'MES line 3',
  scopes: ['orders:write', 'site:read'],
  createdAt: '2026-12-06T12:26:00.000Z',
  revokedAt: null,
  keys: [{ keyId: 'k1', issuedAt: '2026-12-06T12:26:00.000Z', validUntil: null }],
  lastUsedAt: null,
  webhooks: [],
  triggers: [
    {
      triggerId: 'press-7',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      priority: 'urgent',
      windowSeconds: 120,
      requesterId: null,
    },
  ],
};
const OLD: ServiceAccountRow = {
  ...MES,
  accountId: 'sa-old',
  name: 'Old WMS',
  revokedAt: '2026-12-06T13:00:00.000Z',
  keys: [],
  triggers: [],
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function stubEngine(answers: Partial<Record<string, () => Response>> = {}) {
  const calls: Call[] = [];
  const json = (value: unknown, status = 200) =>
    new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${url}`];
    if (answer) return answer();
    if (method === 'GET' && url === '/api/service-accounts') return json({ accounts: [OLD, MES] });
    if (method === 'POST' && url === '/api/service-accounts')
      return json({
        message: SERVICE_MESSAGES.accountCreated,
        accountId: 'sa-new',
        keyId: 'k9',
        apiKey: 'prk_sa-new_k9_secret',
        previousValidUntil: null,
        position: 7,
      });
    if (method === 'DELETE') return json({ message: SERVICE_MESSAGES.accountRevokedNow, position: 8 });
    return json({ message: 'not stubbed' }, 404);
  });
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ServiceAccountsPage />
    </QueryClientProvider>,
  );
}

describe("the admin's service accounts (issue #33 item 1)", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockReset();
    vi.mocked(toast.error).mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('given an active and a revoked account, then the active one comes first with its actions, and the revoked one has none', async () => {
    stubEngine();
    renderPage();
    const mes = await screen.findByRole('region', { name: 'MES line 3' });
    const old = screen.getByRole('region', { name: 'Old WMS' });
    expect(mes.compareDocumentPosition(old) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(mes).getByText('Active')).toBeInTheDocument();
    expect(within(mes).getByText('never')).toBeInTheDocument();
    expect(within(mes).getByText('orders:write')).toBeInTheDocument();
    expect(within(mes).getByText('main gate → canteen · Forklift · Urgent · 120 s window')).toBeInTheDocument();
    expect(within(mes).getByRole('button', { name: 'Rotate key' })).toBeInTheDocument();
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).queryAllByRole('button')).toEqual([]);
  });

  it('when the admin creates an account, then its key is shown once with the warning, and Done takes it away for good', async () => {
    const calls = stubEngine();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New service account' }));
    const form = screen.getByRole('dialog', { name: 'New service account' });
    await user.click(within(form).getByRole('button', { name: 'Create and show key' }));
    expect(within(form).getByText('Name is required.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Conveyor PLC');
    await user.click(within(form).getByRole('checkbox', { name: /^site:read/ }));
    await user.click(within(form).getByRole('button', { name: 'Create and show key' }));
    const shown = await screen.findByRole('dialog', { name: 'API key for Conveyor PLC' });
    expect(within(shown).getByRole('textbox', { name: 'API key' })).toHaveValue('prk_sa-new_k9_secret');
    expect(within(shown).getByText(new RegExp(SERVICE_MESSAGES.accountCreated.replace(/[.:]/g, '.')))).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Conveyor PLC', scopes: ['site:read'] });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('prk_sa-new_k9_secret')).toBeNull());
    expect(screen.queryByDisplayValue('prk_sa-new_k9_secret')).toBeNull();
  });

  it('when the engine refuses the new account, then the dialog shows its message', async () => {
    stubEngine({
      'POST /api/service-accounts': () =>
        new Response(JSON.stringify({ message: 'Name must be at most 100 characters.' }), { status: 400 }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New service account' }));
    const form = screen.getByRole('dialog', { name: 'New service account' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'MES');
    await user.click(within(form).getByRole('checkbox', { name: /^orders:write/ }));
    await user.click(within(form).getByRole('button', { name: 'Create and show key' }));
    expect(await within(form).findByText('Name must be at most 100 characters.')).toBeInTheDocument();
  });

  it('when the admin revokes an account and confirms, then the DELETE goes and the engine message is toasted', async () => {
    const calls = stubEngine();
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await screen.findByRole('region', { name: 'MES line 3' })).getByRole('button', { name: 'Revoke' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke MES line 3?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SERVICE_MESSAGES.accountRevokedNow));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/service-accounts/sa-mes']);
  });

  it('when a rotation overlap is past a week, then it is refused before anything is sent', async () => {
    const calls = stubEngine();
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await screen.findByRole('region', { name: 'MES line 3' })).getByRole('button', { name: 'Rotate key' }));
    const dialog = screen.getByRole('dialog', { name: 'Rotate the key of MES line 3' });
    const overlap = within(dialog).getByRole('textbox', { name: 'Overlap (minutes)' });
    expect(overlap).toHaveValue('60');
    await user.clear(overlap);
    await user.type(overlap, '10081');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate and show key' }));
    expect(within(dialog).getByText('Overlap must be whole minutes from 0 to 10080.')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/rotate'))).toBe(false);
  });
});
