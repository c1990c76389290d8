/**
 * The OpenAI provider against a real OpenAI-compatible HTTP server on 127.0.0.1 (node:http):
 * a good answer is used; a 500, a timeout, malformed JSON and a wrong shape fall back to the
 * default provider, and the log names only the method and the kind of failure.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDefaultProvider } from '../../shared/ai';
import { snapshotOf } from '../../shared/ai/test-snapshot';
import { ACCOUNT_LIMITS } from '../../shared/limits';
import { memoryRateLimiters } from '../http/rate-limit';
import { createAiProvider } from './index';
import { createOpenAiProvider } from './openai-provider';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; response_format?: { type: string } };
}

let server: Server;
let baseURL: string;
const received: Received[] = [];
/** How the fake server answers the current test's requests. */
let respond: (res: ServerResponse) => void = () => {};

function completion(content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function answerWith(status: number, body: unknown) {
  respond = (res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) });
      respond(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterEach(() => {
  received.length = 0;
  vi.restoreAllMocks();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const fallback = createDefaultProvider();
const provider = (timeoutMs = 5_000) =>
  createOpenAiProvider({ apiKey: 'test-key', baseURL, model: 'test-model', timeoutMs }, fallback);

const obituaryInput = {
  name: 'Rosalind Franklin',
  age: 65,
  location: 'Unknown',
  occupation: 'Professional',
  achievements: 'Photographed the structure of DNA',
  familyMembers: 'Her brothers and sister',
  personalQualities: 'Precise and brave',
  budget: 'moderate' as const,
};

describe('OpenAI provider', () => {
  it('uses a good answer and sends the model name, a system prompt and the data as JSON', async () => {
    answerWith(200, completion(JSON.stringify({ obituary: 'Rosalind Franklin, a scientist, died at 37.' })));
    const result = await provider().obituary(obituaryInput);
    expect(result).toEqual({ obituary: 'Rosalind Franklin, a scientist, died at 37.' });

    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.authorization).toBe('Bearer test-key');
    expect(req.body.model).toBe('test-model');
    expect(req.body.response_format).toEqual({ type: 'json_object' });
    expect(req.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(req.body.messages[0].content).toMatch(/JSON/);
    expect(JSON.parse(req.body.messages[1].content)).toEqual({ ...obituaryInput, budget: 'Moderate' });
  });

  it('sends a sun sign, never the birthdate, and no first name for recommendations', async () => {
    answerWith(200, completion('{}'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await provider().astrologicalInsights({ birthdate: '1990-03-21', planType: 'documents' });
    await provider().recommendations({ budget: 'budget', snapshot: snapshotOf({ firstName: 'Zelda' }) });
    const [astro, recs] = received.map((r) => r.body.messages[1].content);
    expect(JSON.parse(astro)).toEqual({ sunSign: 'Aries', element: 'Fire', modality: 'Cardinal', planType: 'documents' });
    expect(astro).not.toContain('1990');
    expect(recs).not.toContain('Zelda');
    expect(JSON.parse(recs)).toMatchObject({ budget: 'Budget-Friendly', plan: { hasPlan: false, trustees: 0 } });
  });

  it('falls back to the default provider on a 500, logging the method and the kind only', async () => {
    answerWith(500, { error: { message: 'boom', type: 'server_error' } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const result = await provider().obituary(obituaryInput);
    expect(result).toEqual(await fallback.obituary(obituaryInput));
    expect(received).toHaveLength(1); // no retries
    expect(warn).toHaveBeenCalledTimes(1);
    const logged = String(warn.mock.calls[0][0]);
    expect(logged).toMatch(/obituary/);
    expect(logged).toMatch(/HTTP 500/);
    expect(logged).not.toContain('Rosalind');
    expect(logged).not.toContain('DNA');
  });

  it('falls back when the server answers later than the timeout', async () => {
    respond = (res) => {
      const timer = setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(completion(JSON.stringify({ songs: ['Too late \u2014 Nobody'] }))));
      }, 3_000);
      res.on('close', () => clearTimeout(timer));
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const input = { musicGenres: ['jazz'], personalValues: ['family'], spiritualBeliefs: 'Methodist', budget: 'premium' as const };
    const result = await provider(150).music(input);
    expect(result).toEqual(await fallback.music(input));
    expect(String(warn.mock.calls[0][0])).toMatch(/music.*timeout/);
  });

  // Issue 38, item 4: with only Classical and Hymns ticked, "In My Life — The Beatles" was suggested.
  it('asks for music only of the kinds ticked, by their names, and drops pieces known to be of another kind', async () => {
    const input = { musicGenres: ['classical', 'gospel'], personalValues: ['family'], spiritualBeliefs: 'Spiritual but not religious', budget: 'moderate' as const };
    answerWith(200, completion(JSON.stringify({ songs: ['In My Life \u2014 The Beatles', 'Abide with Me \u2014 W. H. Monk', 'Lean on Me \u2014 Bill Withers', 'Sheep May Safely Graze \u2014 J. S. Bach'] })));
    expect(await provider().music(input)).toEqual({ songs: ['Abide with Me \u2014 W. H. Monk', 'Sheep May Safely Graze \u2014 J. S. Bach'] });
    expect(JSON.parse(received[0]!.body.messages[1].content)).toMatchObject({ musicGenres: ['Classical', 'Hymns and gospel'] });
    expect(received[0]!.body.messages[0].content).toMatch(/ONLY of the kinds of music listed in musicGenres/);
    // Nothing left of the kinds ticked: the built-in suggestions instead.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerWith(200, completion(JSON.stringify({ songs: ['In My Life \u2014 The Beatles'] })));
    expect(await provider().music(input)).toEqual(await fallback.music(input));
    expect(String(warn.mock.calls[0][0])).toMatch(/music.*outside the kinds of music/);
  });

  it('falls back on malformed JSON content', async () => {
    answerWith(200, completion('Here are your songs: Amazing Grace, Abide with Me'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const input = { musicGenres: ['classical'], personalValues: [], spiritualBeliefs: '', budget: 'budget' as const };
    expect(await provider().music(input)).toEqual(await fallback.music(input));
    expect(String(warn.mock.calls[0][0])).toMatch(/music.*malformed JSON/);
  });

  it('falls back on a wrong shape (and on an empty list)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const input = { birthdate: '1990-12-22', planType: 'general' as const };
    answerWith(200, completion(JSON.stringify({ insights: 'You are a Capricorn.', recommendations: 'rest' })));
    expect(await provider().astrologicalInsights(input)).toEqual(await fallback.astrologicalInsights(input));
    answerWith(200, completion(JSON.stringify({ recommendations: [] })));
    const recInput = { budget: 'luxury' as const, snapshot: snapshotOf() };
    expect(await provider().recommendations(recInput)).toEqual(await fallback.recommendations(recInput));
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringMatching(/astrologicalInsights.*wrong shape/),
      expect.stringMatching(/recommendations.*wrong shape/),
    ]);
  });

  it('accepts a JSON answer wrapped in a code fence', async () => {
    answerWith(200, completion('```json\n{"automationContent":"1. Call [Bank]"}\n```'));
    const result = await provider().automation({
      taskType: 'financial',
      automationType: 'checklist',
      taskDetails: { title: 'Call the bank', description: 'Tell them', category: 'financial' },
    });
    expect(result).toEqual({ automationContent: '1. Call [Bank]' });
    expect(JSON.parse(received[0].body.messages[1].content)).toEqual({
      automationType: 'checklist',
      task: { title: 'Call the bank', description: 'Tell them', category: 'financial' },
    });
  });
});

describe('createAiProvider(config)', () => {
  it('is the default provider without a key and the model (by baseURL) with one', async () => {
    const input = { birthdate: '1970-07-01', planType: 'message-vault' as const };
    const offline = createAiProvider({ openai: { model: 'm', timeoutMs: 1000 }, limits: { ...ACCOUNT_LIMITS } }, memoryRateLimiters(Date.now));
    expect(await offline.astrologicalInsights(input)).toEqual(await fallback.astrologicalInsights(input));
    expect(received).toHaveLength(0);

    const answer = { insights: 'Model insight', recommendations: ['One'], elements: { favorable: ['Water'], challenging: ['Fire'] } };
    answerWith(200, completion(JSON.stringify(answer)));
    const online = createAiProvider({ openai: { apiKey: 'k', baseURL, model: 'local-llm', timeoutMs: 5_000 }, limits: { ...ACCOUNT_LIMITS } }, memoryRateLimiters(Date.now));
    expect(await online.astrologicalInsights(input)).toEqual(answer);
    expect(received[0].body.model).toBe('local-llm');
  });
});
