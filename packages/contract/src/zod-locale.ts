import { z } from 'zod';

// Validation messages reach people (field problems in the error envelope, form hints), so they
// are in Traditional Chinese wherever the contract is loaded.
z.config(z.locales.zhTW());
