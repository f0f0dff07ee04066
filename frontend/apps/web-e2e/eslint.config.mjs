import baseConfig from '../../eslint.config.mjs';

export default [...baseConfig, { ignores: ['**/out-tsc', 'test-results', 'playwright-report'] }];
