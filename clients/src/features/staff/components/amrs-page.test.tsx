import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { AMR_MESSAGES, type RobotsAnswer } from '@plantride/schemas';
import { useSession } from '../../../lib/session.store';
import { defaultSiteAnswer } from '../../../test/default-site';
import { AmrsPage } from './amrs-page';

vi.mock('react-router', () => ({ useNavigate: () => vi.fn() }));
vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const TUGGER: RobotsAnswer['robots'][number] = {
  operatorId: 'AMR-SN-0042',
  name: 'Tugger 1',
  manufacturer: 'Acme',
  serialNumber: 'SN-0042',
  presence: 'blocked',
  rideId: 'R-17',
  link: {
    connection: 'ONLINE',
    operatingMode: 'MANUAL',
    batteryCharge: 81.6,
    charging: true,
    lastNodeId: 'n7',
    place: 'canteen',
    orderId: 'R-17',
    driving: false,
    errors: [{ type: 'obstacleDetected', level: 'WARNING', description: 'Pallet in the aisle' }],
    heardAt: '2026-12-07T07:00:00.000Z',
    notReady: 'operating mode MANUAL',
  },
};
const ANSWER: RobotsAnswer = { mqtt: false, robots: [TUGGER], nodes: [{ placeId: 'canteen', place: 'canteen', nodeId: 'n7' }] };

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
    if (method === 'GET' && url === '/api/amrs') return json(ANSWER);
    if (method === 'GET' && url === '/api/site') return json(defaultSiteAnswer());
    if (method === 'POST' && url === '/api/amrs') return json({ message: AMR_MESSAGES.robotRegistered, position: 7 }, 201);
    if (method === 'PUT' && url === '/api/amrs/nodes') return json({ message: AMR_MESSAGES.nodesSaved, position: 8 });
    return json({ message: 'not stubbed' }, 404);
  });
  return calls;
}

function signedInAs(role: 'admin' | 'maintenanceHead') {
  useSession.setState({
    user: { name: 'Staff', token_no: 'ST01', jwt_token: 'x.y.z', role, is_blocked: false, assignedVehicleType: null },
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AmrsPage />
    </QueryClientProvider>,
  );
}

describe("the admin's AMR robots (issue #33 item 4)", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockReset();
    vi.mocked(toast.error).mockReset();
    signedInAs('admin');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('given a robot heard over MQTT, then its card shows presence, link, battery, place, ride, why it is not ready and its errors', async () => {
    stubEngine();
    renderPage();
    const card = await screen.findByRole('region', { name: 'Tugger 1' });
    expect(within(card).getByText('Acme · SN-0042')).toBeInTheDocument();
    expect(within(card).getByText('blocked')).toBeInTheDocument();
    expect(within(card).getByText('Not ready: operating mode MANUAL')).toBeInTheDocument();
    expect(within(card).getByTestId('robot-connection')).toHaveTextContent('Online');
    expect(within(card).getByTestId('robot-mode')).toHaveTextContent('MANUAL');
    expect(within(card).getByTestId('robot-battery')).toHaveTextContent('82 %, charging');
    expect(within(card).getByTestId('robot-place')).toHaveTextContent('canteen');
    expect(within(card).getByTestId('robot-ride')).toHaveTextContent('R-17');
    expect(within(within(card).getByRole('list', { name: 'Errors of Tugger 1' })).getByRole('listitem')).toHaveTextContent(
      'WARNING obstacleDetected: Pallet in the aisle',
    );
    expect(screen.getByText(/^Not connected to MQTT: robots are listed, not driven/)).toBeInTheDocument();
  });

  it('when the admin registers a robot that exists, then the body is sent and the dialog shows the engine message', async () => {
    const calls = stubEngine({
      'POST /api/amrs': () => new Response(JSON.stringify({ message: AMR_MESSAGES.robotExists }), { status: 409 }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Register robot' }));
    const form = screen.getByRole('dialog', { name: 'Register robot' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Tugger 2');
    await user.type(within(form).getByRole('textbox', { name: /^Manufacturer/ }), 'Acme');
    await user.type(within(form).getByRole('textbox', { name: /^Serial number/ }), 'SN 7');
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    expect(within(form).getByText(AMR_MESSAGES.identity('Serial number'))).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(within(form).getByRole('textbox', { name: /^Serial number/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Serial number/ }), 'SN-0043');
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await within(form).findByText(AMR_MESSAGES.robotExists)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { name: 'Tugger 2', manufacturer: 'Acme', serialNumber: 'SN-0043' },
    ]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('when the admin registers a new robot, then the engine message is toasted and the list is read again', async () => {
    const calls = stubEngine();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Register robot' }));
    const form = screen.getByRole('dialog', { name: 'Register robot' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Tugger 2');
    await user.type(within(form).getByRole('textbox', { name: /^Manufacturer/ }), 'Acme');
    await user.type(within(form).getByRole('textbox', { name: /^Serial number/ }), 'SN-0043');
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(AMR_MESSAGES.robotRegistered));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'GET' && call.url === '/api/amrs').length).toBeGreaterThanOrEqual(2);
  });

  it('when the admin saves nodes, then only the places with a node id are sent, and a refusal shows the engine message', async () => {
    const calls = stubEngine({
      'PUT /api/amrs/nodes': () => new Response(JSON.stringify({ message: AMR_MESSAGES.unknownPlace('main-gate') }), { status: 400 }),
    });
    const user = userEvent.setup();
    renderPage();
    const nodes = await screen.findByRole('form', { name: 'Nodes of the places' });
    expect(await within(nodes).findByRole('textbox', { name: 'canteen' })).toHaveValue('n7');
    await user.type(within(nodes).getByRole('textbox', { name: 'main gate' }), ' n1 ');
    await user.click(within(nodes).getByRole('button', { name: 'Save nodes' }));
    expect(await within(nodes).findByText(AMR_MESSAGES.unknownPlace('main-gate'))).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      {
        nodes: [
          { placeId: 'main-gate', nodeId: 'n1' },
          { placeId: 'canteen', nodeId: 'n7' },
        ],
      },
    ]);
  });

  it('when two places are given one node, then it is refused before anything is sent', async () => {
    const calls = stubEngine();
    const user = userEvent.setup();
    renderPage();
    const nodes = await screen.findByRole('form', { name: 'Nodes of the places' });
    await user.type(await within(nodes).findByRole('textbox', { name: 'main gate' }), 'n7');
    await user.click(within(nodes).getByRole('button', { name: 'Save nodes' }));
    expect(within(nodes).getByText(AMR_MESSAGES.nodeTwice)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('given the maintenance head, then he reads the robots and the nodes with nothing to edit', async () => {
    signedInAs('maintenanceHead');
    stubEngine();
    renderPage();
    await screen.findByRole('region', { name: 'Tugger 1' });
    const nodes = screen.getByRole('region', { name: 'Nodes' });
    expect(within(nodes).getByText('canteen')).toBeInTheDocument();
    expect(within(nodes).getByText('n7')).toBeInTheDocument();
    // The header's Back and Logout aside, the screen has nothing to press or type in.
    const main = screen.getByRole('main');
    expect(within(main).queryAllByRole('button')).toEqual([]);
    expect(within(main).queryAllByRole('textbox')).toEqual([]);
  });
});
