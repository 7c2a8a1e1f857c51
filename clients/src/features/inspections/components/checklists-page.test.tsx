import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { ChecklistsPage } from './checklists-page';

vi.mock('react-router', () => ({ useNavigate: () => vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const AMR = [
  { id: 'emergency-stop', text: 'Emergency stop works', critical: true },
  { id: 'battery', text: 'Battery charged', critical: false },
];

function stubEngine() {
  const puts: { url: string; body: unknown }[] = [];
  let required = false;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
    if (init.method === 'PUT') puts.push({ url, body });
    if (url === '/api/inspections/settings') {
      if (init.method === 'PUT') required = (body as { inspectionRequired: boolean }).inspectionRequired;
      return json({ inspectionRequired: required });
    }
    if (url.startsWith('/api/checklists/')) {
      if (init.method === 'PUT')
        return json({ items: (body as { items: { id?: string }[] }).items.map((item, i) => ({ id: item.id ?? `new-${i}`, ...item })) });
      return json({ items: url.endsWith('AMR') ? AMR : [{ id: 'brakes', text: 'Brakes work and hold', critical: true }] });
    }
    return new Response('{}', { status: 404 });
  });
  return puts;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ChecklistsPage />
    </QueryClientProvider>,
  );
}

describe("the admin's inspection checklists (issue #21)", () => {
  beforeEach(() => vi.mocked(toast.success).mockReset());
  afterEach(() => vi.unstubAllGlobals());

  it('given the AMR checklist, when the admin edits an item and cancels, then it is as the engine holds it and Save is off', async () => {
    stubEngine();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'AMR' }));
    const first = await screen.findByRole('textbox', { name: 'Item 1' });
    await waitFor(() => expect(first).toHaveValue('Emergency stop works'));
    await user.type(first, ' and resets');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: 'Item 1' })).toHaveValue('Emergency stop works');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('given the AMR checklist, when the admin moves the battery up, adds a critical item and saves, then the whole list goes in the new order, the new item without an id', async () => {
    const puts = stubEngine();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'AMR' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Item 2' })).toHaveValue('Battery charged'));
    await user.click(screen.getByRole('button', { name: 'Move item 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    const added = screen.getByTestId('checklist-item-3');
    await user.type(within(added).getByRole('textbox', { name: 'Item 3' }), 'Tow hitch pinned');
    await user.click(within(added).getByRole('switch', { name: 'Critical' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('AMR checklist saved: 3 items.'));
    expect(puts).toEqual([
      {
        url: '/api/checklists/AMR',
        body: {
          items: [
            { id: 'battery', text: 'Battery charged', critical: false },
            { id: 'emergency-stop', text: 'Emergency stop works', critical: true },
            { text: 'Tow hitch pinned', critical: true },
          ],
        },
      },
    ]);
  });

  it('given the setting off, when the admin switches it on and confirms, then it is saved and said', async () => {
    const puts = stubEngine();
    const user = userEvent.setup();
    renderPage();
    const required = await screen.findByRole('switch', { name: 'Daily inspection required before accepting rides' });
    await waitFor(() => expect(required).toBeEnabled());
    await user.click(required);
    await user.click(await screen.findByRole('button', { name: 'Require it' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Daily inspection is now required before accepting rides.'));
    expect(puts).toEqual([{ url: '/api/inspections/settings', body: { inspectionRequired: true } }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Daily inspection required before accepting rides' })).toBeChecked());
  });
});
