import { MODEL } from '@camino/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { Assistant } from './assistant';
import { AnswerEngine } from './engine/engine';
import { Examples, readExamples } from './engine/examples';
import { loadKnowledgeBase } from './knowledge/load';

/** The assistant as configured: a language model when LLM_BASE_URL is set, else the built-in engine. */
export function createAssistant(config: Pick<Config, 'llm'>, log?: FastifyBaseLogger): Assistant {
  const kb = loadKnowledgeBase();
  const engine = new AnswerEngine(kb);
  engine.examples = new Examples(readExamples(), kb);
  const model = config.llm
    ? {
        ...config.llm,
        temperature: MODEL.temperature,
        maxTokens: MODEL.maxTokens,
        maxAttempts: MODEL.maxAttempts,
        rateLimitWaitMs: MODEL.rateLimitWaitMs,
      }
    : null;
  return new Assistant(engine, model, log);
}
