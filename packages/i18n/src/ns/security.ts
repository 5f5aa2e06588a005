// The "security" namespace in all 7 locales (files: locales/<lang>/security.json).
import zh from '../../locales/zh/security.json' with { type: 'json' };
import en from '../../locales/en/security.json' with { type: 'json' };
import hk from '../../locales/hk/security.json' with { type: 'json' };
import jp from '../../locales/jp/security.json' with { type: 'json' };
import kor from '../../locales/kor/security.json' with { type: 'json' };
import th from '../../locales/th/security.json' with { type: 'json' };
import ind from '../../locales/ind/security.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
