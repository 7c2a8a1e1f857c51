import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSPECTION_MESSAGES } from '@plantride/schemas';
import { useSession } from '../../../lib/session.store';
import { InspectionPage } from './inspection-page';

const navigate = vi.fn();
vi.mock('react-router', () => ({ useNavigate: () => navigate }));
vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const CHECKLIST = [
  { id: 'brakes', text: 'Brakes work and hold', critical: true },
  { id: 'lights', text: 'Lights and beacon work', critical: false },
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The engine, played: the driver's record, the checklist, and POST /api/inspections answered by `inspect`. */
function stubEngine(inspect: (body: unknown) => { status: number; body: unknown }, blocked: 0 | 1 = 0) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/drivers/getSpecificDriver/'))
      return json(200, {
        driver: [
          {
            NAME: 'Ravi',
            VEHICLE_TYPE: 'Forklift',
            BLOCKED_FOR_MAINTENANCE: blocked,
            OPERATOR_ID: 'FL01',
            MOBILE: '9876543210',
            INSPECTION_TODAY: 'missing',
          },
        ],
      });
    if (url.startsWith('/api/checklists/Forklift')) return json(200, { items: CHECKLIST });
    if (url === '/api/inspections') {
      const answer = inspect(call.body);
      return json(answer.status, answer.body);
    }
    return json(404, { message: 'not stubbed' });
  });
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <InspectionPage />
    </QueryClientProvider>,
  );
}

const row = (id: string) => screen.getByTestId(`inspection-item-${id}`);

describe("the driver's inspection screen (issue #21)", () => {
  beforeEach(() => {
    navigate.mockReset();
    useSession.setState({
      user: { name: 'Ravi', token_no: 'FL01', jwt_token: 'x.y.z', role: 'driver', is_blocked: false, assignedVehicleType: 'Forklift' },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('given his Forklift checklist, when he marks a fault without a note and submits, then Submit waited for every answer and the item asks for a note, nothing sent', async () => {
    const calls = stubEngine(() => ({ status: 500, body: {} }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('2. Lights and beacon work');
    expect(within(row('brakes')).getByText('Critical')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit inspection' });
    expect(submit).toBeDisabled();
    await user.click(within(row('brakes')).getByRole('button', { name: 'OK' }));
    expect(submit).toBeDisabled();
    await user.click(within(row('lights')).getByRole('button', { name: 'Fault' }));
    expect(within(row('lights')).getByLabelText(/What is wrong\?/)).toBeInTheDocument();
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(INSPECTION_MESSAGES.noteRequired);
    expect(calls.some((call) => call.url === '/api/inspections')).toBe(false);
  });

  it('given his vehicle under maintenance, when he opens the inspection, then it says he inspects once the maintenance is done, with no checklist to answer', async () => {
    stubEngine(() => ({ status: 500, body: {} }), 1);
    renderPage();
    expect(await screen.findByText(INSPECTION_MESSAGES.blockedCannotInspect)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit inspection' })).not.toBeInTheDocument();
  });

  it('given the engine refuses, when he submits, then its message shows and his answers and note are still there to send again', async () => {
    let refuse = true;
    const calls = stubEngine(() =>
      refuse
        ? { status: 409, body: { message: INSPECTION_MESSAGES.blockedCannotInspect } }
        : {
            status: 200,
            body: {
              inspectionId: 'I1',
              passed: true,
              defects: ['Lights and beacon work'],
              blocked: false,
              maintenanceRequestId: null,
              position: 12,
            },
          },
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('2. Lights and beacon work');
    await user.click(within(row('brakes')).getByRole('button', { name: 'OK' }));
    await user.click(within(row('lights')).getByRole('button', { name: 'Fault' }));
    await user.type(within(row('lights')).getByLabelText(/What is wrong\?/), 'Beacon cracked');
    await user.click(screen.getByRole('button', { name: 'Submit inspection' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INSPECTION_MESSAGES.blockedCannotInspect);
    expect(within(row('brakes')).getByRole('button', { name: 'OK' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(row('lights')).getByLabelText(/What is wrong\?/)).toHaveValue('Beacon cracked');
    expect(calls.find((call) => call.url === '/api/inspections')?.body).toEqual({
      items: [
        { id: 'brakes', ok: true },
        { id: 'lights', ok: false, note: 'Beacon cracked' },
      ],
    });

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Submit inspection' }));
    expect(await screen.findByText('Inspection passed. Defects recorded: Lights and beacon work.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to dashboard' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/driver', { state: { inspectedAt: 12 } }));
  });
});
