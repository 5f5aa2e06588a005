// The "auth" namespace in all 7 locales (files: locales/<lang>/auth.json).
import zh from '../../locales/zh/auth.json' with { type: 'json' };
import en from '../../locales/en/auth.json' with { type: 'json' };
import hk from '../../locales/hk/auth.json' with { type: 'json' };
import jp from '../../locales/jp/auth.json' with { type: 'json' };
import kor from '../../locales/kor/auth.json' with { type: 'json' };
import th from '../../locales/th/auth.json' with { type: 'json' };
import ind from '../../locales/ind/auth.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
