import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible chat-completions server that plays a script: each request gets the next
 * step (tool calls, streamed text, an HTTP error, or no answer at all). It records every request body,
 * so tests can check what the agent sent: the instructions, the model, and how tool results were framed.
 */
export type ScriptStep =
  | { kind: 'tool-calls'; calls: Array<{ name: string; arguments: Record<string, unknown> }> }
  | { kind: 'text'; text: string }
  | { kind: 'http-error'; status: number; body?: string }
  | { kind: 'hang' };

export type ScriptedLlm = {
  baseUrl: string;
  requests: Array<Record<string, unknown>>;
  /** Steps still to play; the last one repeats when the script runs out. */
  script: ScriptStep[];
  close(): Promise<void>;
};

function chunk(model: string, delta: Record<string, unknown>, finish: string | null, usage?: boolean) {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-scripted',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...(usage ? { usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } } : {}),
  })}\n\n`;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, unknown>;
}

export async function startScriptedLlm(script: ScriptStep[]): Promise<ScriptedLlm> {
  const requests: Array<Record<string, unknown>> = [];
  const state = { script: [...script] };
  const hanging = new Set<() => void>();
  let callCounter = 0;
  const server: Server = createServer(async (request, response) => {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404).end();
      return;
    }
    const body = await readJson(request);
    requests.push(body);
    const step = state.script.length > 1 ? state.script.shift() : state.script[0];
    const model = String(body.model ?? 'scripted');
    if (!step || step.kind === 'hang') {
      await new Promise<void>((resolve) => {
        hanging.add(resolve);
        request.on('close', resolve);
      });
      response.destroy();
      return;
    }
    if (step.kind === 'http-error') {
      response.writeHead(step.status, { 'content-type': 'application/json' });
      response.end(
        step.body ?? JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (step.kind === 'text') {
      response.write(chunk(model, { role: 'assistant', content: '' }, null));
      for (const word of step.text.match(/\S+\s*/g) ?? [])
        response.write(chunk(model, { content: word }, null));
      response.write(chunk(model, {}, 'stop', true));
    } else {
      step.calls.forEach((call, index) => {
        callCounter += 1;
        response.write(
          chunk(
            model,
            {
              ...(index === 0 ? { role: 'assistant' } : {}),
              tool_calls: [
                {
                  index,
                  id: `call_${callCounter}`,
                  type: 'function',
                  function: { name: call.name, arguments: JSON.stringify(call.arguments) },
                },
              ],
            },
            null,
          ),
        );
      });
      response.write(chunk(model, {}, 'tool_calls', true));
    }
    response.write('data: [DONE]\n\n');
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get script() {
      return state.script;
    },
    set script(steps: ScriptStep[]) {
      state.script = [...steps];
    },
    async close() {
      for (const release of hanging) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
