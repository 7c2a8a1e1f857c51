import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BREAK_MESSAGES, type ShiftAnswer } from '@plantride/schemas';
import { formatTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session.store';
import { siteKey } from '../../../lib/site';
import { defaultSiteAnswer } from '../../../test/default-site';
import { ShiftPanel } from './shift-panel';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

// Four hours ahead: a shift already over would be read again at once.
const ENDS_AT = new Date(Date.now() + 4 * 3_600_000).toISOString();
const onShift = (location: string | null, breakSince: string | null = null): ShiftAnswer => ({
  on: true,
  shift: { startedAt: new Date().toISOString(), endsAt: ENDS_AT, location },
  breakSince,
});
const OFF: ShiftAnswer = { on: false, shift: null, breakSince: null };

/** GET /api/drivers/shift answers `now`; POST answers `post` (status and body). */
function stubShift(now: ShiftAnswer, post: (body: { on: boolean; location?: string }, url: string) => { status: number; body: unknown }) {
  const posts: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    let status = 200;
    let body: unknown = now;
    if (init.method === 'POST') {
      const sent = JSON.parse(String(init.body)) as { on: boolean; location?: string };
      posts.push(url.endsWith('/api/drivers/break') ? { break: sent } : sent);
      ({ status, body } = post(sent, url));
    }
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return posts;
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(siteKey, defaultSiteAnswer());
  return render(
    <QueryClientProvider client={client}>
      <ShiftPanel />
    </QueryClientProvider>,
  );
}

describe("the driver's shift (issue #20)", () => {
  beforeEach(() => {
    useSession.setState({
      user: { name: 'Ravi', token_no: 'FL01', jwt_token: 'x.y.z', role: 'driver', is_blocked: false, assignedVehicleType: 'Forklift' },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('given he is off shift, when he starts it from main gate, then it is sent with the place and the panel says until when', async () => {
    const posts = stubShift(OFF, () => ({ status: 200, body: { ...onShift('main gate'), position: 9 } }));
    renderPanel();
    expect(await screen.findByText('Off shift')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start shift' }));
    const dialog = screen.getByRole('dialog', { name: 'Start shift' });
    expect(within(dialog).getByRole('button', { name: 'Start shift' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Starting place' }));
    await userEvent.click(await screen.findByRole('option', { name: 'main gate' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start shift' }));
    expect(await screen.findByText(`On shift until ${formatTime(ENDS_AT)}`)).toBeInTheDocument();
    expect(screen.getByText('Started at main gate')).toBeInTheDocument();
    expect(posts).toEqual([{ on: true, location: 'main gate' }]);
  });

  it('given he is off shift, when he skips the place, then the shift starts without one', async () => {
    const posts = stubShift(OFF, () => ({ status: 200, body: { ...onShift(null), position: 9 } }));
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Start shift' }));
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Started without a place')).toBeInTheDocument();
    expect(posts).toEqual([{ on: true }]);
  });

  it('given he is on shift, when he ends it, then it asks first and only the confirmation sends it', async () => {
    const posts = stubShift(onShift('fgs'), () => ({ status: 200, body: { ...OFF, position: 10 } }));
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'End shift' }));
    const dialog = screen.getByRole('dialog', { name: 'End your shift?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep working' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'End shift' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'End your shift?' })).getByRole('button', { name: 'End shift' }));
    expect(await screen.findByText('Off shift')).toBeInTheDocument();
    expect(posts).toEqual([{ on: false }]);
  });

  it('given the engine refuses, when he starts his shift, then its message shows and he stays off shift', async () => {
    stubShift(OFF, () => ({ status: 400, body: { message: 'You are blocked for maintenance.' } }));
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Start shift' }));
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are blocked for maintenance.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Off shift')).toBeInTheDocument();
  });

  it('given he is on shift, when he takes a break, then it is sent at once, the panel says since when and no rides come; End break ends it', async () => {
    const since = new Date().toISOString();
    const posts = stubShift(onShift('fgs'), (sent) => ({ status: 200, body: { ...onShift('fgs', sent.on ? since : null), position: 11 } }));
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Take a break' }));
    expect(await screen.findByText(`On break since ${formatTime(since)}`)).toBeInTheDocument();
    expect(screen.getByText(/No rides are offered to you while you are on break/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take a break' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'End break' }));
    expect(await screen.findByText(`On shift until ${formatTime(ENDS_AT)}`)).toBeInTheDocument();
    expect(posts).toEqual([{ break: { on: true } }, { break: { on: false } }]);
  });

  it('given he holds a ride, when he takes a break, then the engine says why not and he stays on shift', async () => {
    stubShift(onShift('fgs'), () => ({ status: 409, body: { message: BREAK_MESSAGES.midRide } }));
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Take a break' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BREAK_MESSAGES.midRide);
    expect(screen.getByText(`On shift until ${formatTime(ENDS_AT)}`)).toBeInTheDocument();
  });

  it('given he is on break, when he ends his shift, then the confirmation says the break ends with it', async () => {
    stubShift(onShift('fgs', new Date().toISOString()), () => ({ status: 200, body: { ...OFF, position: 12 } }));
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'End shift' }));
    expect(screen.getByRole('dialog', { name: 'End your shift?' })).toHaveTextContent('Your break ends with it.');
  });
});
