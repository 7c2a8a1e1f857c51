import { useState } from 'react';
import { CssBaseline, GlobalStyles, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { LIMITS } from '@plantride/schemas';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { theme } from './theme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {/* Toasts slide in from the right edge; at phone width that must not widen the page. */}
      <GlobalStyles styles={{ body: { overflowX: 'clip' } }} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      {/* Requester screens pass their own 5000 ms; sign-in and admin screens keep this 3000 ms. */}
      <ToastContainer position="top-right" autoClose={LIMITS.toastAutoCloseMs} newestOnTop />
    </ThemeProvider>
  );
}
