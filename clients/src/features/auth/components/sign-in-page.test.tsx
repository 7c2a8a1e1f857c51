import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'react-toastify';
import { LIMITS, MESSAGES } from '@plantride/schemas';
import { SignInPage } from './sign-in-page';
import { SignUpPage } from './sign-up-page';

vi.mock('react-toastify', () => {
  let next = 0;
  const send = () => `toast-${++next}`;
  return { toast: { success: vi.fn(send), error: vi.fn(send), info: vi.fn(send), warning: vi.fn(send), dismiss: vi.fn() } };
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/signin', element: <SignInPage /> },
      { path: '/signup', element: <SignUpPage /> },
      { path: '/requester', element: <p>requester home</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('sign in (SPEC §2, §5)', () => {
  it('given an empty form, when the token is too short or the password empty, then SIGN IN stays disabled with the spec message', async () => {
    renderAt('/signin');
    const button = screen.getByRole('button', { name: 'Sign In' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^Token Number/), 'ab1');
    expect(button).toBeDisabled();
    expect(screen.getByText(MESSAGES.invalidCredentials)).toBeInTheDocument();
  });

  it('given a token typed in lower case with spaces, when signing in, then it is sent trimmed and upper-cased and a requester lands on /requester', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            message: 'ok',
            user: {
              name: 'Asha Rao',
              token_no: 'AB12',
              jwt_token: 'a.b.c',
              role: 'requester',
              is_blocked: false,
              assignedVehicleType: null,
            },
          }),
          { status: 200 },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/signin');
    await userEvent.type(screen.getByLabelText(/^Token Number/), ' ab12 ');
    expect(screen.getByLabelText(/^Token Number/)).toHaveValue('ab12');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/requester'));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ token_no: 'AB12', password: 'secret' });
  });

  it('given a failed sign-in left an error toast, when the next attempt succeeds, then that toast is dismissed', async () => {
    const user = {
      name: 'Asha Rao',
      token_no: 'AB12',
      jwt_token: 'a.b.c',
      role: 'requester',
      is_blocked: false,
      assignedVehicleType: null,
    };
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Invalid credentials' }), { status: 401 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ message: 'ok', user }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/signin');
    await userEvent.type(screen.getByLabelText(/^Token Number/), 'AB12');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    const failed = vi.mocked(toast.error).mock.results[0]?.value as string;
    expect(toast.dismiss).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText(/^Password/));
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/requester'));
    expect(toast.dismiss).toHaveBeenCalledWith(failed);
    expect(toast.error).toHaveBeenCalledTimes(1);
  });

  it('given the sign-in password, when typed short, then no new-password rule is shown (any non-empty password may sign in)', async () => {
    renderAt('/signin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'ab');
    expect(screen.getByLabelText(/^Password/)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/at least/i)).not.toBeInTheDocument();
  });

  it('given the show/hide toggle, when pressed, then the password becomes readable and the toggle says Hide password', async () => {
    renderAt('/signin');
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  });
});

describe('sign up (SPEC §2, §5)', () => {
  it('given a password under 4 characters, when typed, then SIGN UP stays disabled with the spec message', async () => {
    renderAt('/signup');
    expect(screen.getByRole('heading', { name: MESSAGES.createYourAccount })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Token Number/), 'AB12');
    await userEvent.type(screen.getByLabelText(/^Password/), 'abc');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
    expect(screen.getByText(MESSAGES.invalidTokenAndPassword)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Password/), 'd');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('given the password field, when a too-short password is typed, then the rule under it turns to an error until it is met', async () => {
    renderAt('/signup');
    const password = screen.getByLabelText(/^Password/);
    const rule = `At least ${LIMITS.passwordMinLength} characters.`;
    // The rule is stated before anything is typed, and the field is not yet in error.
    expect(password).toHaveAccessibleDescription(rule);
    expect(password).not.toHaveAttribute('aria-invalid');
    await userEvent.type(password, 'a'.repeat(LIMITS.passwordMinLength - 1));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(rule);
    await userEvent.type(password, 'a');
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  it("given a driver's activation code typed with a dash, when signing up, then it goes without the dash", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: MESSAGES.signupSucceeded, position: 4 }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/signup');
    await userEvent.type(screen.getByLabelText(/^Token Number/), 'd0009');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.type(screen.getByLabelText(/^Activation Code/), 'abcde-23456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ token_no: 'D0009', password: 'secret', activation_code: 'ABCDE23456' });
  });

  it('given a new account, when sign-up succeeds, then it is signed in with what was typed and lands on its home after the pause; a failed sign-in goes to sign-in', async () => {
    const user = {
      name: 'Asha Rao',
      token_no: 'AB12',
      jwt_token: 'a.b.c',
      role: 'requester',
      is_blocked: false,
      assignedVehicleType: null,
    };
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ message: MESSAGES.signupSucceeded, position: 4 }), { status: 201 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ message: 'ok', user }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/signup');
    await userEvent.type(screen.getByLabelText(/^Token Number/), 'ab12');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(vi.mocked(toast.success).mock.calls[0]?.[0]).toBe(MESSAGES.signupSucceeded));
    // After the spec's pause (LIMITS.redirectAfterSignupMs).
    const paused = { timeout: LIMITS.redirectAfterSignupMs + 2_000 };
    await waitFor(() => expect(router.state.location.pathname).toBe('/requester'), paused);
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect([url, JSON.parse(init.body as string)]).toEqual(['/api/auth/signin', { token_no: 'AB12', password: 'secret' }]);

    fetchMock
      .mockResolvedValueOnce(new Response(JSON.stringify({ message: MESSAGES.signupSucceeded, position: 5 }), { status: 201 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Invalid credentials' }), { status: 401 }));
    const second = renderAt('/signup');
    await userEvent.type(screen.getAllByLabelText(/^Token Number/).at(-1)!, 'CD34');
    await userEvent.type(screen.getAllByLabelText(/^Password/).at(-1)!, 'secret');
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign Up' }).at(-1)!);
    await waitFor(() => expect(second.state.location.pathname).toBe('/signin'), paused);
  });

  it("given no code on a recorded driver's number, when the answer says it waits for approval, then the screen says so, with a link to sign in", async () => {
    const message = 'Signup successful. Your driver account waits for the admin to approve it; until then you can sign in and book rides.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message, pendingApproval: true, position: 5 }), { status: 201 })),
    );
    renderAt('/signup');
    await userEvent.type(screen.getByLabelText(/^Token Number/), 'D0009');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(message);
    expect(within(notice).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  });
});
