import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake LigdiCash for the server tests: the provider's HTTP protocol (create, confirm), with the
 * answers each test wants (pending, completed, a wrong amount, junk, an error...).
 */
export type FakeInvoice = {
  token: string;
  body: {
    commande: {
      invoice: Record<string, unknown> & { total_amount: number; items: unknown[] };
      actions: Record<string, string>;
      custom_data: Record<string, unknown>;
    };
  };
  headers: IncomingMessage['headers'];
};
export type ConfirmAnswer = Record<string, unknown> | 'junk' | 'http500';

export type FakeProvider = {
  url: string;
  invoices: FakeInvoice[];
  /** the confirm answer per token (default: pending, with the invoice's amount) */
  confirm: Map<string, ConfirmAnswer>;
  /** the create answer ('ok' by default) */
  createMode: 'ok' | 'junk' | 'refused' | 'http500' | 'slow';
  confirmCalls: number;
  close: () => Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

export async function startFakeProvider(): Promise<FakeProvider> {
  let counter = 0;
  const fake: FakeProvider = {
    url: '',
    invoices: [],
    confirm: new Map(),
    createMode: 'ok',
    confirmCalls: 0,
    close: async () => {},
  };
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (request.method === 'POST' && url.pathname === '/pay/v01/redirect/checkout-invoice/create') {
      const body = JSON.parse(await readBody(request));
      if (fake.createMode === 'http500') return send(500, { message: 'boom' });
      if (fake.createMode === 'junk') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html>Maintenance</html>');
      }
      if (fake.createMode === 'refused')
        return send(200, { response_code: '01', response_text: 'Marchand inconnu' });
      if (fake.createMode === 'slow') await new Promise((resolve) => setTimeout(resolve, 150));
      const token = `tok_${++counter}_${Date.now()}`;
      fake.invoices.push({ token, body, headers: request.headers });
      return send(200, { response_code: '00', token, response_text: `https://pay.example.test/${token}` });
    }
    if (request.method === 'GET' && url.pathname === '/pay/v01/redirect/checkout-invoice/confirm/') {
      fake.confirmCalls++;
      const token = url.searchParams.get('invoiceToken') ?? '';
      const invoice = fake.invoices.find((i) => i.token === token);
      const answer = fake.confirm.get(token) ?? {
        response_code: '00',
        status: invoice ? 'pending' : 'nocompleted',
        amount: invoice?.body.commande.invoice.total_amount,
      };
      if (answer === 'junk') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html>oops</html>');
      }
      if (answer === 'http500') return send(500, {});
      return send(200, { token, ...answer });
    }
    send(404, { response_code: '404' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pay/v01/`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
