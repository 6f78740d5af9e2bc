import { execSync } from 'node:child_process';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

/** The build id the version check compares: git sha (when available) plus the build time. */
function buildId(): string {
  const time = new Date().toISOString();
  try {
    const sha = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return `${sha}-${time}`;
  } catch {
    return time;
  }
}

/** A path under node_modules of one of these packages (either slash, for Windows). */
const inPackages = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

/**
 * The antd parts nearly every screen draws, the sign-in form included: one chunk rather than a dozen small
 * requests (each pays its headers). The heavy ones (table, pickers, tree, upload, tabs, menus) stay in
 * chunks of their own, loaded by the screens that show them.
 */
const formControls =
  /[\\/]node_modules[\\/]antd[\\/]es[\\/](form|input|button|alert|space|grid|segmented|tooltip)[\\/]/;

export default defineConfig({
  plugins: [react(), precompress()],
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      treeshake: {
        // @trestle/shared is declarations only (schemas, constants, pure functions) behind one barrel: a module
        // whose exports nobody uses is dropped, so the sign-in page does not carry every entity's schema.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            // The framework, in chunks that change only when a dependency does (long-cached).
            { name: 'react', test: inPackages('react|react-dom|scheduler'), priority: 40 },
            { name: 'router', test: inPackages('react-router|react-router-dom'), priority: 35 },
            { name: 'i18n', test: inPackages('i18next|react-i18next'), priority: 35 },
            // What else the entry script needs from node_modules (antd's core, the query cache, zod, dayjs).
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 30 },
            // The app's own modules the entry script needs, kept apart from the sign-in chunk below.
            { name: 'app', test: /[\\/]src[\\/]/, tags: ['$initial'], priority: 25 },
            { name: 'antd-forms', test: formControls, priority: 20 },
            // The summary's charts: echarts and its renderer, apart (each under Vite's 500 kB warning).
            { name: 'echarts', test: inPackages('echarts'), priority: 15 },
            { name: 'zrender', test: inPackages('zrender'), priority: 16 },
            // The rich-text editor, fetched with the first rich-text field shown (components/rich-text): Tiptap
            // and the ProseMirror it drives, apart (together they come near Vite's 500 kB warning). Their priorities
            // differ as echarts' and zrender's do: at equal ones Rolldown put both in one chunk.
            { name: 'tiptap', test: inPackages('@tiptap'), priority: 15 },
            {
              name: 'prosemirror',
              test: inPackages('prosemirror-[a-z]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs'),
              priority: 16,
            },
            // The icon gallery's full set (components/icons.tsx, loaded by the icon picker and a menu with an icon
            // outside the seeded few), in parts under Vite's 500 kB warning. Lowest priority: the seeded icons the
            // first screens draw are taken by the groups above, so none of these chunks is loaded at sign-in.
            { name: 'icons', test: inPackages('@ant-design[\\\\/]icons(-svg)?'), maxSize: 400_000, priority: 5 },
            // The sign-in screen with the small modules it shares with others (site settings, the language
            // switcher, its icons): one request instead of a dozen.
            { name: 'sign-in', test: /[\\/]src[\\/]features[\\/]auth[\\/]LoginPage\.tsx$/, priority: 10 },
          ],
        },
      },
    },
  },
});
