/** Spec §8, the client-side error catalogue. Keys are namespace-free so the UI can merge them into its resources. */
export const httpMessages = {
  en: {
    'http.unauthorized': 'Login expired or no data access permission',
    'http.notFound': 'Interface 404 error',
    'http.network': 'Network abnormal or server stopped',
    'http.refreshFailed': 'Failed to update token',
    'http.timeout': 'Request timed out',
    'download.noInfo': 'No information for this file was obtained',
    'download.badUrl': 'The url of the file to download is incorrect',
    'download.noUrl': 'This file has no url and cannot be downloaded',
  },
  zh: {
    'http.unauthorized': '登录已过期或没有数据访问权限',
    'http.notFound': '接口404错误',
    'http.network': '网络异常或服务器已停止',
    'http.refreshFailed': '更新令牌失败',
    'http.timeout': '请求超时',
    'download.noInfo': '未获取到该文件的信息',
    'download.badUrl': '下载文件的地址不正确',
    'download.noUrl': '该文件没有地址，无法下载',
  },
} as const satisfies { en: Record<string, string>; zh: Record<string, string> };

export type HttpMessageKey = keyof typeof httpMessages.en;
